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

  it('writes German for de and English for languages not yet translated', () => {
    expect(composeInvitationMail({ ...input, language: 'de' }).subject).toBe(
      'Sie wurden zu Nordlicht Trading GmbH auf Vatlas hinzugefügt',
    );
    expect(composeInvitationMail({ ...input, language: 'fr' }).subject).toBe(
      'You have been added to Nordlicht Trading GmbH on Vatlas',
    );
  });
});
