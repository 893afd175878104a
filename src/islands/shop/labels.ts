/**
 * The shop's words (docs/product.md, Routes and Errors). One place, so the islands, the tests and
 * a later copy edit agree.
 */
export const LABELS = {
  loading: 'Loading...',
  noCourses: 'No course posted yet by admin',
  noMatch: (query: string) => `No courses match “${query}”.`,
  buyNow: 'Buy Now',
  enrollNow: 'Enroll Now',
  noPurchases: 'You have no purchases yet.',
  purchasesFailed: 'Failed to fetch purchase data',
  alreadyPurchased: 'Already purchased',
  paymentSuccessful: 'Payment Successful',
  paymentFailed: 'Payment failed',
  buyError: 'Error',
  goToPurchases: 'Go to Purchases',
  parentConsentNeeded: 'You can buy courses once your parent or guardian confirms. Ask them to open the link in their email.',
  checkoutName: 'Course Purchase',
  logoutFailed: 'Error in logging out',
  courseNotFound: 'Course not found',
  signupFailed: 'Signup failed. Please try again.',
  loginFailed: 'Login failed. Please try again.',
} as const;
