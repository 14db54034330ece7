/** The account emails: a short friendly text, the same text as simple HTML, and the one link. */
import type { MailMessage } from './mailer.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

interface Letter {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  closing: string;
}

function compose(letter: Letter): MailMessage {
  const text = [
    letter.greeting,
    '',
    ...letter.paragraphs.flatMap((p) => [p, '']),
    `${letter.action.label}: ${letter.action.url}`,
    '',
    letter.closing,
    '',
    'The Tessera team',
    '',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(letter.greeting)}</p>`,
    ...letter.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(letter.action.url)}">${escapeHtml(letter.action.label)}</a></p>`,
    `<p>${escapeHtml(letter.closing)}</p>`,
    '<p>The Tessera team</p>',
  ].join('\n');
  return { to: letter.to, subject: letter.subject, text, html, links: [letter.action.url] };
}

function greet(name: string | null | undefined): string {
  return name?.trim() ? `Hello ${name.trim()},` : 'Hello,';
}

export function confirmationEmail(to: string, name: string, url: string): MailMessage {
  return compose({
    to,
    subject: 'Please confirm your email address',
    greeting: greet(name),
    paragraphs: [
      'Thanks for signing up for Tessera. Please confirm that this is your email address by following the link below. The link is valid for 48 hours.',
    ],
    action: { label: 'Confirm your email', url },
    closing: "If you didn't create an account, you can ignore this email.",
  });
}

/**
 * Someone signed up with an address that already has an account (issue 14): the sign-up was answered as for a
 * new address, and the address's owner learns of it here instead.
 */
export function signUpAttemptEmail(to: string, name: string, loginUrl: string, resetUrl: string): MailMessage {
  return compose({
    to,
    subject: 'Someone tried to sign up with your email address',
    greeting: greet(name),
    paragraphs: [
      'Someone just tried to create a Tessera account with this email address, which already has an account. No new account was created and your account was not changed.',
      `If it was you, log in with your password. If you forgot it, you can choose a new one: ${resetUrl}`,
    ],
    action: { label: 'Log in', url: loginUrl },
    closing: "If it wasn't you, you can ignore this email.",
  });
}

export function invitationEmail(to: string, name: string, url: string, organization?: string): MailMessage {
  const where = organization ? `${organization} on Tessera` : 'Tessera';
  return compose({
    to,
    subject: "You've been invited to Tessera",
    greeting: greet(name),
    paragraphs: [`You have been invited to join ${where}. Follow the link below to choose your name and password. The link is valid for 7 days.`],
    action: { label: 'Finish your registration', url },
    closing: "If you weren't expecting this invitation, you can ignore this email.",
  });
}

/**
 * Sent to the address an account had before its email or password changed: the owner learns of a change made
 * with a stolen session while the old address still reaches them.
 */
export function accountChangedEmail(to: string, name: string, change: { newEmail?: string; password: boolean }, recoverUrl: string): MailMessage {
  const what = [
    change.newEmail ? `its email address was changed to ${change.newEmail}` : undefined,
    change.password ? 'its password was changed' : undefined,
  ].filter(Boolean);
  return compose({
    to,
    subject: 'Your Tessera account was changed',
    greeting: greet(name),
    paragraphs: [`This is to let you know that ${what.join(' and ')} on your Tessera account.`, 'If you made this change, there is nothing more to do.'],
    action: { label: "If it wasn't you, reset your password", url: recoverUrl },
    closing: "If you cannot reach your account any more, ask your organization's administrator for help.",
  });
}

export function passwordResetEmail(to: string, name: string, url: string): MailMessage {
  return compose({
    to,
    subject: 'Reset your password',
    greeting: greet(name),
    paragraphs: [
      'We received a request to reset the password of your Tessera account. Follow the link below to choose a new one. The link is valid for one hour.',
    ],
    action: { label: 'Reset your password', url },
    closing: "If you didn't ask for this, you can ignore this email: your password stays the same.",
  });
}

/** An existing account was added to an organization by one of its masters. */
/**
 * An organization added an account that already has a password: it becomes a member once it accepts
 * (ARCHITECTURE.md#member-invitations). The link opens the portal's accept page.
 */
export function membershipInvitationEmail(to: string, name: string, organization: string, url: string): MailMessage {
  return compose({
    to,
    subject: `You've been invited to join ${organization}`,
    greeting: greet(name),
    paragraphs: [
      `You have been invited to join ${organization} on Tessera. Follow the link below and log in to accept the invitation. The link is valid for 7 days.`,
    ],
    action: { label: 'Accept the invitation', url },
    closing: "If you don't want to join this organization, you can ignore this email.",
  });
}

/**
 * An organization's integration client made an existing account a member through an embed session on the
 * organization's intranet (features/embed-sessions): nobody is enrolled silently.
 */
export function embedMembershipEmail(to: string, name: string, organization: string, url: string): MailMessage {
  return compose({
    to,
    subject: `${organization} added you through its intranet`,
    greeting: greet(name),
    paragraphs: [
      `${organization} added you through its intranet: you are now a member of ${organization} on Tessera, and its training opens in the pages of its intranet.`,
    ],
    action: { label: `Open ${organization}`, url },
    closing: `If you don't know why, ask ${organization} or write to us.`,
  });
}

/** A master approved the person's request to join an organization. */
export function accessApprovedEmail(to: string, name: string, organization: string, url: string): MailMessage {
  return compose({
    to,
    subject: `Your request to join ${organization} was approved`,
    greeting: greet(name),
    paragraphs: [`Your request to join ${organization} on Tessera has been approved. Follow the link below to see its training.`],
    action: { label: `Open ${organization}`, url },
    closing: 'Welcome aboard!',
  });
}

/** A reviewer decided on the person's bioreq document; the reviewer's message (or no-match reason) is delivered here. */
export function bioreqVerdictEmail(
  to: string,
  name: string,
  verdict: { title: string; match: boolean; message: string | null; organization: string; url: string },
): MailMessage {
  const outcome = verdict.match ? 'was reviewed and is a match' : 'was reviewed and is not a match';
  const paragraphs = [`Your document "${verdict.title}" in ${verdict.organization} ${outcome}.`];
  if (verdict.message) paragraphs.push(`${verdict.match ? 'Message from the reviewer' : 'Reason given by the reviewer'}: ${verdict.message}`);
  return compose({
    to,
    subject: `Your bioreq document "${verdict.title}" was reviewed`,
    greeting: greet(name),
    paragraphs,
    action: { label: 'See your documents', url: verdict.url },
    closing: 'If you have questions about this decision, contact your organization.',
  });
}

/** A knowledge check assigned to a member (issue 11): its name, the organization, the due date if any, and the link to take it. */
export function knowledgeCheckAssignedEmail(
  to: string,
  name: string,
  assignment: { check: string; organization: string; dueDateTime: string | null; url: string },
): MailMessage {
  const paragraphs = [`You have been assigned the knowledge check "${assignment.check}" in ${assignment.organization}.`];
  if (assignment.dueDateTime) paragraphs.push(`Please complete it by ${new Date(assignment.dueDateTime).toUTCString()}.`);
  return compose({
    to,
    subject: `Knowledge check assigned: ${assignment.check}`,
    greeting: greet(name),
    paragraphs,
    action: { label: 'Start the knowledge check', url: assignment.url },
    closing: 'If you did not expect this, contact your organization.',
  });
}

/** The learner's reminder, a day before an assigned check is due (issue 34; the text is in the contract's docs). */
export function knowledgeCheckDueSoonEmail(
  to: string,
  name: string,
  reminder: { check: string; organization: string; dueDateTime: string; url: string },
): MailMessage {
  return compose({
    to,
    subject: `Knowledge check due soon: ${reminder.check}`,
    greeting: greet(name),
    paragraphs: [
      `The knowledge check "${reminder.check}" in ${reminder.organization} is due by ${new Date(reminder.dueDateTime).toUTCString()}, and you have not completed it yet.`,
    ],
    action: { label: 'Open the knowledge check', url: reminder.url },
    closing: 'You get this reminder once per assignment.',
  });
}

/** The assigner's notice that a learner let an assigned check pass its due date (issue 34; text in the contract's docs). */
export function knowledgeCheckOverdueEmail(
  to: string,
  name: string,
  notice: { check: string; organization: string; learner: string; dueDateTime: string; url: string },
): MailMessage {
  return compose({
    to,
    subject: `Knowledge check overdue: ${notice.learner}, ${notice.check}`,
    greeting: greet(name),
    paragraphs: [
      `${notice.learner} has not completed the knowledge check "${notice.check}" in ${notice.organization}, which you assigned; it was due by ${new Date(notice.dueDateTime).toUTCString()}.`,
    ],
    action: { label: 'Open the knowledge check', url: notice.url },
    closing: 'You get this notice once per learner and assignment.',
  });
}

/** A master's notice that Tessera disabled a webhook endpoint after three days of failed deliveries (issue 35). */
export function webhookDisabledEmail(to: string, name: string, notice: { organization: string; endpoint: string; since: string; url: string }): MailMessage {
  return compose({
    to,
    subject: `Webhook endpoint disabled: ${notice.endpoint}`,
    greeting: greet(name),
    paragraphs: [
      `Deliveries of ${notice.organization}'s events to ${notice.endpoint} have failed since ${new Date(notice.since).toUTCString()}, so Tessera has disabled this endpoint: it receives no events until it is enabled again.`,
      'The delivery log shows why each attempt failed; once the endpoint answers again, enable it and replay the deliveries it missed.',
    ],
    action: { label: 'Open the endpoint', url: notice.url },
    closing: 'You get this notice because you are a master of the organization.',
  });
}
