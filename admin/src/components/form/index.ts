/** The console's forms and fields, on antd's Form (see forms.tsx and fields.tsx; the cascader is ./cascader). */
export {
  DrawerForm,
  type DrawerFormProps,
  ModalForm,
  type ModalFormProps,
  PageForm,
  type PageFormProps,
  type SubmitterConfig,
} from './forms'
export {
  DateTimeField,
  DateTimeRangeField,
  FieldGroup,
  type FieldWidth,
  FormDependency,
  NumberField,
  type Option,
  PasswordField,
  RadioField,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
} from './fields'
export { DATE_TIME_FORMAT, omitNil } from './values'
