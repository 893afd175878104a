import { discountOf, type CourseDto } from '../../shared/course.ts';
import { formatRupees } from '../../shared/money.ts';
import './price.css';

/**
 * A course's price; with a real list price above it (set by an admin), the list price struck
 * through and the saving as "N% off". Without one, the price alone: never a made-up discount.
 */
export function PriceTag({ course, className }: { course: Pick<CourseDto, 'price' | 'listPrice'>; className?: string }) {
  const discount = discountOf(course);
  return (
    <span className={['price-tag', className].filter(Boolean).join(' ')}>
      <strong className="price">{formatRupees(course.price)}</strong>
      {discount ? (
        <>
          {' '}
          <s className="price-was">
            <span className="sr-only">List price </span>
            {formatRupees(discount.listPrice)}
          </s>
          {discount.percent >= 1 ? (
            <>
              {' '}
              <span className="badge price-off">{discount.percent}% off</span>
            </>
          ) : null}
        </>
      ) : null}
    </span>
  );
}
