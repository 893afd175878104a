/** JSON-LD builders (schema.org) for the pages that carry structured data. */
import { getSite } from './content.ts';

type ProgrammeLike = { name?: string; seo: { title: string; description: string }; hero: { title: string } };

export async function organizationJsonLd(origin: URL | undefined) {
  const site = await getSite();
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOrganization',
    name: site.brand,
    description: site.defaultDescription,
    url: origin?.href,
    email: site.email,
    telephone: site.phone.tel,
    address: { '@type': 'PostalAddress', streetAddress: site.address.lines.slice(1).join(', '), addressCountry: site.address.country },
    sameAs: site.social.map((s) => s.href),
  };
}

export async function programmeJsonLd(data: ProgrammeLike) {
  const site = await getSite();
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOccupationalProgram',
    name: data.name ?? data.hero.title,
    description: data.seo.description,
    provider: { '@type': 'EducationalOrganization', name: site.brand },
  };
}

export async function courseJsonLd(course: { title: string; summary: string; fee: { amount: number; currency: string } }, url: string) {
  const site = await getSite();
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.title,
    description: course.summary,
    url,
    provider: { '@type': 'EducationalOrganization', name: site.brand },
    offers: { '@type': 'Offer', category: 'Paid', price: course.fee.amount, priceCurrency: course.fee.currency },
    hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Blended', courseWorkload: 'P5M' },
  };
}
