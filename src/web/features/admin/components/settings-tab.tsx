import { useAdminSettings } from '../api/settings';
import { BackupSection } from './backup-section';
import { EmailSettings } from './email-settings';
import { EmailTemplates } from './email-templates';
import { GeneralSettings } from './general-settings';
import { SecuritySettings } from './security-settings';
import { Section } from './settings-section';
import { SizeLimitSettings } from './size-limit-settings';

/** Spec §2 Settings tab. */
export function SettingsTab() {
  const { data: settings } = useAdminSettings();
  if (!settings) return null;
  return (
    <div className="space-y-4">
      <GeneralSettings settings={settings} />
      <Section title="Email">
        <EmailSettings settings={settings} />
      </Section>
      <EmailTemplates settings={settings} />
      <Section title="Database Backup">
        <BackupSection />
      </Section>
      <SizeLimitSettings settings={settings} />
      <SecuritySettings settings={settings} />
    </div>
  );
}
