export { Alert, type AlertProps, type AlertTone } from './Alert.js';
export { Button, type ButtonProps } from './Button.js';
export { Card, type CardProps } from './Card.js';
export { Checkbox, type CheckboxProps } from './Checkbox.js';
export { Form, type FormProps } from './Form.js';
export { Heading, type HeadingProps } from './Heading.js';
export { AnchorLink, Link, type AnchorLinkProps, type LinkProps } from './Link.js';
export { Spinner, type SpinnerProps } from './Spinner.js';
export { TextField, type TextFieldProps } from './TextField.js';
