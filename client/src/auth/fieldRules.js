// Field rules of the auth cards (platform section 5).
export const EMAIL_MESSAGE = "Your email address must be valid.";
export const LOGIN_EMAIL_MESSAGE = "Please provide a valid email address.";
export const LOGIN_PASSWORD_MESSAGE = "Password is required.";
export const CODE_MESSAGE = "The confirmation code must be exactly 6 numbers.";
export const RESEND_ERROR = "Resend Confirmation Code Error";
export const RESEND_EMAIL_MESSAGE = "You must provide a valid email address to resend a confirmation code.";
export const CODE_LENGTH = 6;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value) => EMAIL.test(String(value || "").trim());
export const isCode = (value) => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(String(value || ""));
