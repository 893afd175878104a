/**
 * Privacy rights: a person's export and erasure (rights.ts) over the catalogue of every table
 * holding personal data (catalogue.ts, composed from each domain's privacy.ts).
 */
export * from './catalogue.ts';
export * from './rights.ts';
export * from './choices-link.ts';
export * from './parental.ts';
export * from './choices.ts';
export * from './retention.ts';
export * from './breach.ts';
export * from './rights-requests.ts';
