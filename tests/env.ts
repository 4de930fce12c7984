import { readFileSync } from 'node:fs';
import { dropInheritedStackEnv } from '../functions/local/stack-env';
import { stackFile, type TestStack } from './stack-file';

// Not the browser tests' stack: its settings reach this worker when Jest started it after the e2e setup.
dropInheritedStackEnv();

/** Points every function at the stand-ins of this test run (each test file then creates its own table). */
const stack = JSON.parse(readFileSync(stackFile(), 'utf8')) as TestStack;
process.env.AWS_REGION = 'us-east-1';
process.env.DYNAMODB_ENDPOINT = stack.dynamoEndpoint;
process.env.DYNAMODB_ACCESS_KEY_ID = stack.dynamoAccessKeyId;
process.env.STANDIN_ACCESS_KEY_ID = stack.standInAccessKeyId;
process.env.STANDIN_SECRET_ACCESS_KEY = stack.standInSecretAccessKey;
process.env.COGNITO_ISSUER = stack.issuer;
process.env.COGNITO_CLIENT_ID = stack.clientId;
process.env.TEST_COGNITO_ENDPOINT = stack.cognitoEndpoint;
process.env.TEST_USER_POOL_ID = stack.userPoolId;
process.env.TEST_COGNITO_DATA_DIR = stack.cognitoDataDir;
process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
process.env.SES_ENDPOINT = stack.sesEndpoint;
process.env.TEST_OUTBOX_DIR = stack.outboxDir;
process.env.S3_ENDPOINT = stack.s3Endpoint;
process.env.IMAGES_BUCKET = 'test-images';
process.env.TEST_STORAGE_DIR = stack.storageDir;
process.env.SHOP_EMAIL = 'shop@example.com';
process.env.MAIL_FROM = 'no-reply@example.com';
process.env.SHOP_POSTAL_ADDRESS = '12 Harbor Lane, Portland, ME 04101, USA';
// Links in mails are signed with this in tests (functions/lib/signed-tokens.ts).
process.env.LINK_SIGNING_KEY = 'test-link-signing-key-0123456789abcdef0123456789';
process.env.TABLE_NAME ??= 'unset-create-a-test-table';
