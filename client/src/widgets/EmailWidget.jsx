import { TextWidget } from "./TextWidget.jsx";

/** An email address: a text input of type email. */
export function EmailWidget(props) {
  return <TextWidget {...props} inputType="email" />;
}

/** The email field type: typed text, as the text type. */
export const fieldType = { name: "email", Widget: EmailWidget, typedText: true };
