import type { Transporter } from "nodemailer";
import type { Logger } from "../lib/logger.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A sign-in link: written to the log as the delivery itself when no SMTP server is configured. */
  link?: string;
}

export interface Mailer {
  readonly configured: boolean;
  send: (message: MailMessage) => Promise<void>;
}

/** Real SMTP through nodemailer when SMTP_URL is set; otherwise one clear log line per link. */
export function createMailer(options: { smtpUrl?: string; from: string; logger: Logger }): Mailer {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl) {
    return {
      configured: false,
      send: async (message) => {
        // No SMTP: the log IS the delivery channel (README: "the link is printed in the server log").
        const line = message.link
          ? `Sign-in link for ${message.to}: ${message.link}`
          : `E-mail to ${message.to} not sent (no SMTP_URL): ${message.subject}`;
        logger.info({ mail: "console" }, line);
        if (process.stdout.isTTY) console.log(`\n  ${line}\n`);
      },
    };
  }
  // nodemailer (~14 MB resident) loads with the first e-mail, not in every thread at start.
  let transport: Promise<Transporter> | null = null;
  return {
    configured: true,
    send: async (message) => {
      transport ??= import("nodemailer").then((m) => m.default.createTransport(smtpUrl, { from }));
      await (await transport).sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}
