import { Page } from '@/components/ui/page';
import { ContactForm } from '@/features/contact/components/contact-form';

export function Component() {
  return (
    <Page title="Contact">
      <p>Questions, a wrong translation, a word you miss: write to us.</p>
      <ContactForm />
    </Page>
  );
}
