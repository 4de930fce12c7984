/**
 * `npm run images:migrate -- --stage prod [--region us-east-1]`: puts the pictures of a deployed stage that were
 * uploaded before the image pipeline through it (docs/decisions/0027). It finds the table and the image bucket
 * from the outputs of the stack `Shop-<stage>`, copies each old picture to uploads/ (the pipeline's S3 trigger makes
 * the variants), waits for the pipeline, points the product at the photo and deletes the old public file. Safe to
 * run again: products already on photos are skipped. Needs credentials that may read and write both.
 */
import { parseArgs } from 'node:util';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { migrateLegacyImages } from '../functions/domain/images/photos';

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { stage: { type: 'string' }, region: { type: 'string' } },
  });
  if (!values.stage) throw new Error('Name the stage: npm run images:migrate -- --stage prod');
  const cloudFormation = new CloudFormationClient(values.region ? { region: values.region } : {});
  const answer = await cloudFormation.send(new DescribeStacksCommand({ StackName: `Shop-${values.stage}` }));
  cloudFormation.destroy();
  const outputs = Object.fromEntries(
    (answer.Stacks?.[0]?.Outputs ?? []).map((output) => [output.OutputKey ?? '', output.OutputValue ?? '']),
  );
  if (!outputs.TableName || !outputs.ImagesBucketName)
    throw new Error(`Shop-${values.stage} has no TableName or ImagesBucketName output`);
  Object.assign(process.env, {
    TABLE_NAME: outputs.TableName,
    IMAGES_BUCKET: outputs.ImagesBucketName,
    ...(values.region ? { AWS_REGION: values.region } : {}),
    // Settings every function reads; the migration signs no one in.
    COGNITO_ISSUER: process.env.COGNITO_ISSUER ?? 'https://cognito-idp.invalid/unused',
    COGNITO_CLIENT_ID: process.env.COGNITO_CLIENT_ID ?? 'unused',
  });
  const result = await migrateLegacyImages((line) => console.log(line));
  for (const problem of result.problems) console.error(`not migrated: ${problem}`);
  console.log(
    `${result.migrated} product(s) now show pipeline photos${result.problems.length ? `; ${result.problems.length} problem(s) above` : ''}.`,
  );
  if (result.problems.length) process.exitCode = 1;
}

main().catch((error: Error) => {
  console.error(`images:migrate failed: ${error.message}`);
  process.exitCode = 1;
});
