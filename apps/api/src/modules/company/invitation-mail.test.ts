import { LANGUAGES } from '@vatlas/contract';
import { describe, expect, it } from 'vitest';
import { composeAddedNoticeMail, composeInvitationMail } from './invitation-mail';

const input = {
  to: 'new.person@example.test',
  companyName: 'Nordlicht Trading GmbH',
  publicUrl: 'https://vatlas.example',
};

describe('composeInvitationMail (userCreationType 2: a new address)', () => {
  it('writes English with the sign-in link of PUBLIC_URL, for someone without an account', () => {
    const mail = composeInvitationMail({ ...input, language: 'en' });
    expect(mail.to).toBe('new.person@example.test');
    expect(mail.subject).toBe('You are invited to Nordlicht Trading GmbH on Vatlas');
    expect(mail.text).toContain('Use this e-mail address when you sign in for the first time');
    expect(mail.text).toContain('https://vatlas.example/login');
  });

  it('writes each of the six languages, and English for any other', () => {
    const subject = (language: string) => composeInvitationMail({ ...input, language }).subject;
    expect(subject('de')).toBe('Einladung zu Nordlicht Trading GmbH auf Vatlas');
    expect(subject('fr')).toBe('Invitation à rejoindre Nordlicht Trading GmbH sur Vatlas');
    expect(subject('it')).toBe('Invito a Nordlicht Trading GmbH su Vatlas');
    expect(subject('es')).toBe('Invitación a Nordlicht Trading GmbH en Vatlas');
    expect(subject('pl')).toBe('Zaproszenie do firmy Nordlicht Trading GmbH w Vatlas');
    expect(subject('nl')).toBe('You are invited to Nordlicht Trading GmbH on Vatlas');
    expect(composeInvitationMail({ ...input, language: 'pl' }).text).toContain('https://vatlas.example/login');
  });
});

describe('composeAddedNoticeMail (userCreationType 1: an existing Vatlas user)', () => {
  it('writes English with the sign-in link of PUBLIC_URL', () => {
    const mail = composeAddedNoticeMail({ ...input, language: 'en' });
    expect(mail.to).toBe('new.person@example.test');
    expect(mail.subject).toBe('You have been added to Nordlicht Trading GmbH on Vatlas');
    expect(mail.text).toContain('https://vatlas.example/login');
  });

  it('writes each of the six languages, and English for any other', () => {
    const subject = (language: string) => composeAddedNoticeMail({ ...input, language }).subject;
    expect(subject('de')).toBe('Sie wurden zu Nordlicht Trading GmbH auf Vatlas hinzugefügt');
    expect(subject('fr')).toBe('Vous avez été ajouté à Nordlicht Trading GmbH sur Vatlas');
    expect(subject('it')).toBe('Sei stato aggiunto a Nordlicht Trading GmbH su Vatlas');
    expect(subject('es')).toBe('Te han añadido a Nordlicht Trading GmbH en Vatlas');
    expect(subject('pl')).toBe('Dodano Cię do firmy Nordlicht Trading GmbH w Vatlas');
    expect(subject('nl')).toBe('You have been added to Nordlicht Trading GmbH on Vatlas');
  });

  it('differs from the invitation in subject and text in every language', () => {
    for (const language of LANGUAGES) {
      const notice = composeAddedNoticeMail({ ...input, language });
      const invitation = composeInvitationMail({ ...input, language });
      expect(notice.subject, language).not.toBe(invitation.subject);
      expect(notice.text, language).not.toBe(invitation.text);
      expect(notice.text, language).toContain('Nordlicht Trading GmbH');
    }
  });

  it('opens with a greeting and closes with a sign-off in the language of the text', () => {
    const german = composeAddedNoticeMail({ ...input, language: 'de' }).text;
    expect(german.startsWith('Guten Tag,\n\nSie wurden zu Nordlicht Trading GmbH auf Vatlas hinzugefügt.\n')).toBe(
      true,
    );
    expect(german.endsWith('\n\nIhr Vatlas-Team\n')).toBe(true);
    const polish = composeInvitationMail({ ...input, language: 'pl' }).text;
    expect(polish.startsWith('Dzień dobry,\n\nzapraszamy Cię')).toBe(true);
    expect(polish.endsWith('\n\nZespół Vatlas\n')).toBe(true);
  });
});
