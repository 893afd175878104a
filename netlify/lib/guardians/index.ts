/**
 * Children's data (DPDP Act s.9, Rules r.10): a parent's consent for a child's registration or
 * enquiry, asked by email with a single-use link and recorded with who, when and which link.
 */
export * from './requests.ts';
