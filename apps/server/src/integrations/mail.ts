import nodemailer from "nodemailer";
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
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    configured: true,
    send: async (message) => {
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}
