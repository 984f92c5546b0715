import { type FormEvent, useRef, useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { ApiError } from '@/lib/api-client';
import { useSendMessage } from '../api/send-message';

type Field = 'name' | 'email' | 'message';
type Fields = Record<Field, string>;

const EMPTY: Fields = { name: '', email: '', message: '' };
const LABELS: Record<Field, string> = { name: 'Name', email: 'Email', message: 'Message' };

const isField = (path: string): path is Field => Object.hasOwn(LABELS, path);

/** The server's verdict on each field a refused message got wrong (its `issues`), in the form's order. */
function fieldErrors(err: Error): Partial<Record<Field, string>> {
  if (!(err instanceof ApiError) || err.status !== 400) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const { path, message } of err.issues) {
    if (isField(path)) errors[path] ??= message.charAt(0).toUpperCase() + message.slice(1);
  }
  return errors;
}

/** "the Message field", "the Name and Email fields". */
function fieldNames(fields: Field[]): string {
  const labels = fields.map((f) => LABELS[f]);
  return labels.length === 1
    ? `the ${labels[0]} field`
    : `the ${labels.slice(0, -1).join(', ')} and ${labels.at(-1)} fields`;
}

/**
 * Name, Email and Message: "Submitting..." while sending, then "Message submitted", or an "Error" box
 * that keeps what was typed so nothing is lost. The only check before sending is the email input's own type;
 * the server's verdict on a field shows beside that field.
 */
export function ContactForm() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [badEmail, setBadEmail] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const send = useSendMessage();
  const complete = fields.name.trim() !== '' && fields.email.trim() !== '' && fields.message.trim() !== '';

  const set = (key: Field) => (e: { target: { value: string } }) => {
    setFields({ ...fields, [key]: e.target.value });
    if (key === 'email') setBadEmail(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || send.isPending) return;
    if (emailRef.current?.validity.typeMismatch) {
      setBadEmail(true);
      emailRef.current.focus();
      return;
    }
    send.mutate({ name: fields.name.trim(), email: fields.email.trim(), message: fields.message });
  };

  if (send.isSuccess) {
    return (
      <div className="contact-sent">
        <p role="status" className="success">
          Message submitted
        </p>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            setFields(EMPTY);
            send.reset();
          }}
        >
          Send another message
        </button>
      </div>
    );
  }

  const serverErrors = send.isError ? fieldErrors(send.error) : {};
  const wrongFields = (Object.keys(LABELS) as Field[]).filter((f) => serverErrors[f]);
  const errorOf = (field: Field): string | null => {
    if (field === 'email' && badEmail) return 'Please enter an e-mail address, like ana@example.org.';
    return serverErrors[field] ?? null;
  };
  const control = (field: Field) => {
    const error = errorOf(field);
    return {
      id: `contact-${field}`,
      value: fields[field],
      onChange: set(field),
      disabled: send.isPending,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `contact-${field}-error` : undefined,
    };
  };
  const errorText = (field: Field) => {
    const error = errorOf(field);
    return error ? (
      <p id={`contact-${field}-error`} className="field-error">
        {error}
      </p>
    ) : null;
  };

  return (
    <form className="form contact-form" onSubmit={submit} noValidate>
      <p className="hint">All three fields are needed.</p>
      <div className="field">
        <label htmlFor="contact-name">{LABELS.name}</label>
        <input {...control('name')} maxLength={200} autoComplete="name" />
        {errorText('name')}
      </div>
      <div className="field">
        <label htmlFor="contact-email">{LABELS.email}</label>
        <input {...control('email')} ref={emailRef} type="email" maxLength={320} autoComplete="email" />
        {errorText('email')}
      </div>
      <div className="field">
        <label htmlFor="contact-message">{LABELS.message}</label>
        <textarea {...control('message')} maxLength={5000} rows={6} />
        {errorText('message')}
      </div>
      <button type="submit" className="btn btn-primary" disabled={!complete || send.isPending}>
        {send.isPending ? 'Submitting...' : 'Submit'}
      </button>
      {send.isError ? (
        <ErrorBox>
          {wrongFields.length > 0
            ? `Your message was not sent: please check ${fieldNames(wrongFields)}.`
            : send.error.message}
        </ErrorBox>
      ) : null}
    </form>
  );
}
