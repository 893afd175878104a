/**
 * What the content editor calls each field, in a marketer's words. Looked up by "parent.name"
 * first ("contactBar.text"), then by the field's name. A schema field with no label here stops the
 * editor's configuration (and its unit test) with the field's path: give every new field a label.
 */
import { FEE_OPTION_IDS, programmeLabel } from '../shared/registration-fees.ts';
const LABELS: Record<string, string> = {
  // Shared by many pages and blocks
  seo: 'Search engine texts',
  title: 'Title',
  description: 'Description',
  hero: 'Top of the page',
  eyebrow: 'Small line above the title',
  lead: 'Lead text',
  heading: 'Heading',
  intro: 'Intro',
  body: 'Text',
  items: 'Items',
  item: 'Item',
  label: 'Label',
  href: 'Link',
  cta: 'Button',
  primary: 'Main button',
  secondary: 'Second button',
  ticks: 'Ticked claims',
  facts: 'Key facts',
  value: 'Value',
  money: 'Fee',
  amount: 'Amount',
  currency: 'Currency',
  note: 'Note',
  id: 'Anchor name (for links like /page#fees)',
  icon: 'Icon',
  meta: 'Small line',
  order: 'Position',
  name: 'Name',
  summary: 'Summary',
  sections: 'Page sections',
  faq: 'FAQ set',
  courses: 'Courses',
  link: 'Link under the note',
  apply: 'Apply button',
  details: 'Details',
  address: 'Address',
  email: 'Email',
  // Page sections (the block types)
  'sections.text': 'Text',
  'sections.cards': 'Cards',
  'sections.list': 'Ticked list',
  'sections.tags': 'Tags',
  'sections.themes': 'Themes with cities',
  'sections.fees': 'Fee table',
  'sections.deadline': 'Deadline',
  'sections.courses': 'Course cards',
  'sections.faq': 'FAQ',
  'sections.cta': 'Closing banner',
  'sections.claims': 'Big figures',
  columns: 'Columns',
  numbered: 'Numbered',
  cities: 'Cities',
  rows: 'Fee rows',
  date: 'Date',
  // Site settings
  brand: 'Brand name',
  tagline: 'Tagline',
  defaultDescription: 'Default search description',
  lines: 'Address lines',
  country: 'Country',
  phone: 'Phone',
  display: 'Phone as shown',
  tel: 'Phone to dial',
  grievanceOfficer: 'Grievance officer',
  social: 'Social links',
  network: 'Network',
  skipLink: '"Skip to content" link',
  header: 'Header',
  searchPlaceholder: 'Search box placeholder',
  searchLabel: 'Search box label',
  allCoursesLabel: '"All Courses" menu label',
  registration: 'Registration button',
  tank: 'AspiraTank button',
  mobileRegistration: 'Registration link (mobile menu)',
  moreLabel: '"More" menu label',
  more: '"More" menu links',
  menuLabel: 'Mobile menu label',
  programmeMenus: 'Programme menus',
  links: 'Links',
  allCourses: '"All Courses" menu',
  category: 'Category',
  provider: 'Provider',
  duration: 'Duration',
  footer: 'Footer',
  about: 'About text',
  exploreHeading: '"Explore" heading',
  explore: 'Explore links',
  'hero.explore': '"Explore" button',
  'courses.explore': '"Explore" section',
  policyHeading: '"Policy" heading',
  policy: 'Policy links',
  contactHeading: '"Contact" heading',
  paymentHeading: 'Payment icons heading',
  copyright: 'Copyright line',
  contactBar: 'Contact Us bar',
  'contactBar.text': 'Bar text',
  button: 'Button text',
  dialogTitle: 'Dialog title',
  dialogIntro: 'Dialog intro',
  closeLabel: 'Close button label',
  // Home page
  posterAlt: 'Video poster description',
  'home.claims': 'Highlight figures',
  catalogue: 'Course catalogue',
  allLabel: '"All" filter label',
  filterLabel: 'Filter label',
  listLabel: 'Course list name (screen readers)',
  viewLabel: '"View" link label',
  emptyText: 'Text when no course matches',
  'home.programmes': 'Programmes section',
  'home.partners': 'Partner logos section',
  'home.features': 'Feature badges section',
  scholarship: 'Scholarship spotlight',
  help: 'Help Center box',
  // Programmes and course pages
  kind: 'Kind of page',
  courseId: 'Course id',
  eligibility: 'Eligibility',
  tools: 'Tools',
  modules: 'Modules',
  content: 'Content',
  cohort: 'Upcoming cohort',
  start: 'Start',
  format: 'Format',
  online: 'Online part',
  inClass: 'In-class part',
  fee: 'Fee',
  feeNote: 'Fee note',
  // FAQ sets
  groups: 'Groups',
  question: 'Question',
  answer: 'Answer',
  // Content pages and lists
  'items.id': 'Unique name',
  extra: 'Labels on this page',
  logo: 'Logo (SVG)',
  width: 'Logo width',
  updated: 'Last updated',
  // Invoice supplier
  'settings.address': 'Address lines',
  legalName: 'Legal name',
  tradeName: 'Trade name',
  stateCode: 'GST state code',
  gstin: 'GSTIN',
  sac: 'SAC code',
  gstRatePercent: 'GST rate (%)',
  pricesIncludeGst: 'Prices include GST',
  invoicePrefix: 'Invoice number prefix',
  // Applicant documents
  checklists: 'Checklists',
  'checklists.programme': 'Programme',
  'checklists.feeOptions': 'Fee options', // the schema's hint says what they do
  'checklists.documents': 'Documents',
  'documents.id': 'Document key (never change once used)',
  'documents.label': 'Name shown to applicants',
  'documents.required': 'Required',
  'documents.formats': 'Accepted file types',
  'documents.maxMb': 'Largest file (MB)',
  'documents.help': 'Help line',
};

/**
 * What a pick of codes shows for each code it saves, looked up as labels are: the fee options by the
 * names the registration form and the admin screens give them ("PLOR", not "plor").
 */
const OPTION_NAMES: Record<string, Record<string, string>> = {
  'feeOptions.item': Object.fromEntries(FEE_OPTION_IDS.map((id) => [id, programmeLabel(id)])),
};

export type EditorOption = string | { label: string; value: string };

/** The options of the pick at `path` ("documentChecklists.checklists.feeOptions.item"): each code with its name, where codes have names. */
export function optionsFor(path: string, codes: string[]): EditorOption[] {
  const [parent, name] = path.split('.').slice(-2);
  const names = OPTION_NAMES[`${parent}.${name}`];
  if (!names) return codes;
  return codes.map((code) => {
    const label = names[code];
    if (!label)
      throw new Error(`${path}: the content editor has no name for the option "${code}". Add one to src/content-editor/labels.ts`);
    return { label, value: code };
  });
}

/** The label of the field `name` at `path` ("site.contactBar.text"). */
export function labelFor(name: string, path: string): string {
  const parent = path.split('.').at(-2);
  const label = LABELS[`${parent}.${name}`] ?? LABELS[name];
  if (!label) throw new Error(`${path}: the content editor has no label for "${name}". Add one to src/content-editor/labels.ts`);
  return label;
}
