import { describe, expect, it } from 'vitest';
import { renderMail, type MailTemplate } from './render.ts';

const template: MailTemplate = {
  fr: {
    subject: 'Invitation à {unit}',
    greeting: 'Bonjour {first_name},',
    paragraphs: ['Vous êtes invité·e à rejoindre {unit}.'],
    action: { label: "Accepter l'invitation", url: '{link}' },
    after: ['Ce lien expire dans 14 jours.'],
    signature: "L'équipe",
  },
  de: {
    subject: 'Einladung zu {unit}',
    greeting: 'Guten Tag {first_name}',
    paragraphs: ['Sie sind eingeladen, {unit} beizutreten.'],
    action: { label: 'Einladung annehmen', url: '{link}' },
  },
  it: {
    subject: 'Invito a {unit}',
    paragraphs: ['È invitato/a a unirsi a {unit}.'],
  },
};

const params = {
  unit: 'CIE <Lausanne> & "Vaud"',
  first_name: 'Zoé',
  link: 'https://app.example.ch/validate-invitation?token=a&b',
};

describe('renderMail', () => {
  it('fills subject, text and HTML in the recipient language', () => {
    const mail = renderMail(template, { to: 'zoe@example.ch', locale: 'de', params });
    expect(mail.to).toBe('zoe@example.ch');
    expect(mail.subject).toBe('Einladung zu CIE <Lausanne> & "Vaud"');
    expect(mail.text).toContain('Guten Tag Zoé');
    expect(mail.text).toContain(
      'Einladung annehmen:\nhttps://app.example.ch/validate-invitation?token=a&b',
    );
    expect(mail.html).toContain('lang="de"');
  });

  it('escapes every value in the HTML part', () => {
    const mail = renderMail(template, { to: 'zoe@example.ch', locale: 'fr', params });
    expect(mail.html).toContain('CIE &lt;Lausanne&gt; &amp; &quot;Vaud&quot;');
    expect(mail.html).not.toContain('<Lausanne>');
    expect(mail.html).toContain('href="https://app.example.ch/validate-invitation?token=a&amp;b"');
    expect(mail.html).toContain('L&#39;équipe');
    expect(mail.text).toContain('Ce lien expire dans 14 jours.');
  });

  it('renders a template without optional parts', () => {
    const mail = renderMail(template, { to: 'a@example.ch', locale: 'it', params });
    expect(mail.text).toBe('È invitato/a a unirsi a CIE <Lausanne> & "Vaud".\n');
  });

  it('refuses a placeholder without value and keeps the subject on one line', () => {
    expect(() => renderMail(template, { to: 'a@example.ch', locale: 'fr', params: {} })).toThrow(
      /has no value/,
    );
    const mail = renderMail(
      { ...template, it: { subject: 'A {x}', paragraphs: [] } },
      { to: 'a@example.ch', locale: 'it', params: { x: 'b\r\nBcc: evil@example.com' } },
    );
    expect(mail.subject).toBe('A b Bcc: evil@example.com');
  });
});
