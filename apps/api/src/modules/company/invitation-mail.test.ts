import { describe, expect, it } from 'vitest';
import { composeInvitationMail } from './invitation-mail';

const input = {
  to: 'new.person@example.test',
  companyName: 'Nordlicht Trading GmbH',
  publicUrl: 'https://vatlas.example',
};

describe('composeInvitationMail', () => {
  it('writes English with the sign-in link of PUBLIC_URL', () => {
    const mail = composeInvitationMail({ ...input, language: 'en' });
    expect(mail.to).toBe('new.person@example.test');
    expect(mail.subject).toBe('You have been added to Nordlicht Trading GmbH on Vatlas');
    expect(mail.text).toContain('https://vatlas.example/login');
  });

  it('writes each of the six languages, and English for any other', () => {
    const subject = (language: string) => composeInvitationMail({ ...input, language }).subject;
    expect(subject('de')).toBe('Sie wurden zu Nordlicht Trading GmbH auf Vatlas hinzugefügt');
    expect(subject('fr')).toBe('Vous avez été ajouté à Nordlicht Trading GmbH sur Vatlas');
    expect(subject('it')).toBe('Sei stato aggiunto a Nordlicht Trading GmbH su Vatlas');
    expect(subject('es')).toBe('Te han añadido a Nordlicht Trading GmbH en Vatlas');
    expect(subject('pl')).toBe('Dodano Cię do firmy Nordlicht Trading GmbH w Vatlas');
    expect(subject('nl')).toBe('You have been added to Nordlicht Trading GmbH on Vatlas');
    expect(composeInvitationMail({ ...input, language: 'pl' }).text).toContain('https://vatlas.example/login');
  });
});
