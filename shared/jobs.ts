/** Functions that run on a schedule rather than behind a route (infra creates one EventBridge rule each). */
export interface JobDef {
  /** Module under functions/jobs, without extension; exports `handler`. */
  handler: string;
  /** EventBridge schedule expression. */
  schedule: string;
  table: 'none' | 'read' | 'readwrite';
  uses?: readonly ('ses' | 's3' | 'cognito')[];
  summary: string;
}

export const JOBS: readonly JobDef[] = [
  {
    handler: 'release-expired-reservations',
    schedule: 'rate(5 minutes)',
    table: 'readwrite',
    uses: ['ses'],
    summary: 'Cancels the intents of reservations past 30 minutes and returns their stock (or records the order if paid)',
  },
];
