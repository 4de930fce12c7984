/** Whether a write failed on its condition (DynamoDB ConditionalCheckFailedException, possibly wrapped by ElectroDB). */
export function isConditionFailure(error: unknown): boolean {
  for (let e = error as { name?: string; code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.name === 'ConditionalCheckFailedException' || e.code === 'ConditionalCheckFailedException') return true;
  }
  return false;
}
