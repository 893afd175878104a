/** The registration messages (docs/product.md, Messages), word for word. */
export const MSG = {
  otpSent: 'OTP sent to your email!',
  otpSendFailed: 'Failed to send OTP',
  otpServerError: 'Server error while sending OTP',
  otpVerified: 'OTP verified',
  invalidOtp: 'Invalid OTP',
  verifyFirst: 'Please verify your OTP first.',
  fillRequired: 'Please fill all required fields.',
  registered: 'Registered successfully as unpaid user!',
  registrationFailed: 'Registration failed',
  registerUnpaidFailed: 'Failed to register unpaid user',
  orderFailed: 'Order creation failed',
  paymentSuccessful: 'Payment successful!',
  paymentFailed: 'Payment failed',
} as const;
