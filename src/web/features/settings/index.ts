// What the settings feature shares with the setup wizard and the admin panel.
export { EmailProviderFields } from './components/email-provider-fields';
export {
  type EmailFields,
  emailBody,
  emailFieldsOf,
  type ProviderChoice,
  portForSecure,
} from './lib/email-form';
