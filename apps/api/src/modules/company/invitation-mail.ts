import type { OutgoingMail } from '../mail/mailer';

type InvitationTexts = { subject: string; lines: string[] };

function buildTexts(language: string, companyName: string, signInUrl: string): InvitationTexts {
  if (language === 'de') {
    return {
      subject: `Sie wurden zu ${companyName} auf Vatlas hinzugefügt`,
      lines: [
        'Guten Tag,',
        '',
        `Sie wurden zu ${companyName} auf Vatlas hinzugefügt.`,
        `Melden Sie sich mit dieser E-Mail-Adresse an: ${signInUrl}`,
        '',
        'Ihr Vatlas-Team',
      ],
    };
  }
  return {
    subject: `You have been added to ${companyName} on Vatlas`,
    lines: [
      'Hello,',
      '',
      `You have been added to ${companyName} on Vatlas.`,
      `Sign in with this e-mail address: ${signInUrl}`,
      '',
      'The Vatlas team',
    ],
  };
}

/** The e-mail an added person receives; German for `de`, English otherwise (other languages follow in issue 7). */
export function composeInvitationMail(input: {
  to: string;
  language: string;
  companyName: string;
  publicUrl: string;
}): OutgoingMail {
  const signInUrl = `${input.publicUrl}/login`;
  const texts = buildTexts(input.language, input.companyName, signInUrl);
  return { to: input.to, subject: texts.subject, text: `${texts.lines.join('\n')}\n` };
}
