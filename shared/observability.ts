/**
 * Structured log fields that alarms read: functions log them, infra turns them into CloudWatch metrics with
 * metric filters. One definition for both sides.
 */
export const LOG_EVENT = {
  /** A mail (order confirmation or form mail) that SES did not take. Logged as `{"event": "mail_failed"}`. */
  mailFailed: 'mail_failed',
} as const;
