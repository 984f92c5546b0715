import { type FormEvent, useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { useSendMessage } from '../api/send-message';

/**
 * Name, Email and Message (SPEC.md §2): "Submitting..." while sending, then "Message submitted", or an "Error" box
 * that keeps what was typed so nothing is lost.
 */
export function ContactForm() {
  const [fields, setFields] = useState({ name: '', email: '', message: '' });
  const send = useSendMessage();
  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) => setFields({ ...fields, [key]: e.target.value });
  const complete = fields.name.trim() !== '' && fields.email.trim() !== '' && fields.message.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || send.isPending) return;
    send.mutate(fields);
  };

  if (send.isSuccess) {
    return (
      <p role="status" className="success">
        Message submitted
      </p>
    );
  }
  return (
    <form className="form contact-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="contact-name">Name</label>
        <input id="contact-name" value={fields.name} maxLength={200} autoComplete="name" onChange={set('name')} disabled={send.isPending} />
      </div>
      <div className="field">
        <label htmlFor="contact-email">Email</label>
        <input id="contact-email" type="email" value={fields.email} maxLength={320} autoComplete="email" onChange={set('email')} disabled={send.isPending} />
      </div>
      <div className="field">
        <label htmlFor="contact-message">Message</label>
        <textarea id="contact-message" value={fields.message} maxLength={5000} rows={6} onChange={set('message')} disabled={send.isPending} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={!complete || send.isPending}>
        {send.isPending ? 'Submitting...' : 'Submit'}
      </button>
      {send.isError ? <ErrorBox>{send.error.message}</ErrorBox> : null}
    </form>
  );
}
