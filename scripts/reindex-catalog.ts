/**
 * `npm run catalog:reindex -- --stage prod [--region us-east-1]`: builds the catalogue index (docs/decisions/0043)
 * of a deployed stage from its products: every listed product's entries are written, stray ones removed. The settle
 * job does the same by itself after a deploy (in steps, docs/decisions/0049); this builds it at once. Safe to run
 * again, beside the job and while the shop is open. Finds the table from the outputs of the
 * stack `Shop-<stage>`; needs credentials that may read and write it. Locally, `npm start` does this by itself.
 */
import { parseArgs } from 'node:util';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { stage: { type: 'string' }, region: { type: 'string' } },
  });
  if (!values.stage) throw new Error('Name the stage: npm run catalog:reindex -- --stage prod');
  const cloudFormation = new CloudFormationClient(values.region ? { region: values.region } : {});
  const answer = await cloudFormation.send(new DescribeStacksCommand({ StackName: `Shop-${values.stage}` }));
  cloudFormation.destroy();
  const outputs = Object.fromEntries(
    (answer.Stacks?.[0]?.Outputs ?? []).map((output) => [output.OutputKey ?? '', output.OutputValue ?? '']),
  );
  if (!outputs.TableName) throw new Error(`Shop-${values.stage} has no TableName output`);
  Object.assign(process.env, {
    TABLE_NAME: outputs.TableName,
    ...(values.region ? { AWS_REGION: values.region } : {}),
    COGNITO_ISSUER: process.env.COGNITO_ISSUER ?? 'https://cognito-idp.invalid/unused',
    COGNITO_CLIENT_ID: process.env.COGNITO_CLIENT_ID ?? 'unused',
  });
  const { rebuildCatalogIndex } = await import('../functions/domain/catalog/tag-index');
  const result = await rebuildCatalogIndex((line) => console.log(line));
  if (result.skipped.length)
    console.log(`changed while indexing (their own change wrote their entries): ${result.skipped.join(', ')}`);
}

main().catch((error: Error) => {
  console.error(`catalog:reindex failed: ${error.message}`);
  process.exitCode = 1;
});
