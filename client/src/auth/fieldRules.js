// Field rules of the auth cards (the e-mail and code checks); messages are text ids (strings/strings.js).
export const EMAIL_MESSAGE = "auth_email_invalid";
export const LOGIN_EMAIL_MESSAGE = "auth_login_email_invalid";
export const LOGIN_PASSWORD_MESSAGE = "auth_password_required";
export const CODE_MESSAGE = "auth_code_invalid";
export const RESEND_ERROR = "auth_resend_error";
export const RESEND_EMAIL_MESSAGE = "auth_resend_email_invalid";
export const CODE_LENGTH = 6;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value) => EMAIL.test(String(value || "").trim());
export const isCode = (value) => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(String(value || ""));
