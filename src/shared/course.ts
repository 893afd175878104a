/**
 * A course as the API answers it (docs/product.md, Entities). `price` and `listPrice` are in
 * rupees; `listPrice` is null unless an admin set a real list price above the price.
 */
export type CourseDto = {
  _id: string;
  title: string;
  description: string;
  price: number;
  listPrice: number | null;
  duration: string;
  image: { url: string | null };
};

/**
 * The discount to show, or null: only with a real list price above the price. The percentage is
 * rounded down, so the label never claims more than the saving.
 */
export function discountOf(course: Pick<CourseDto, 'price' | 'listPrice'>): { listPrice: number; percent: number } | null {
  const { price, listPrice } = course;
  if (listPrice === null || !(listPrice > price)) return null;
  return { listPrice, percent: Math.floor(((listPrice - price) / listPrice) * 100 + 1e-9) };
}
