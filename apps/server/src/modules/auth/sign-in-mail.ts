import type { MailMessage } from "../../integrations/mail.ts";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );

export function signInMail(options: {
  to: string;
  link: string;
  ttlMinutes: number;
  appUrl: string;
}): MailMessage {
  const { to, link, ttlMinutes, appUrl } = options;
  const host = new URL(appUrl).host;
  return {
    to,
    link,
    subject: "Your Nexus sign-in link",
    text: [
      "Sign in to Nexus",
      "",
      "Open this link to sign in:",
      link,
      "",
      `The link works once and expires in ${ttlMinutes} minutes. It was requested for ${to} on ${host}.`,
      "If you did not ask for it, ignore this e-mail: nobody can sign in without opening the link.",
    ].join("\n"),
    html: `<p style="font:16px system-ui,sans-serif">Sign in to Nexus</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#fff;border-radius:8px;text-decoration:none;font:600 15px system-ui,sans-serif">Sign in</a></p>
<p style="font:13px system-ui,sans-serif;color:#555">The link works once and expires in ${ttlMinutes} minutes. It was requested for ${escapeHtml(to)} on ${escapeHtml(host)}. If you did not ask for it, ignore this e-mail.</p>`,
  };
}
