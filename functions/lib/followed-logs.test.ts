import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
  CustomMessageTriggerEvent,
  PreSignUpTriggerEvent,
  S3Event,
} from 'aws-lambda';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { UPLOAD_CORRELATION_HEADER, UPLOAD_PREFIX } from '#shared/images';
import { BACK_IN_STOCK } from '#shared/stock-alerts';
import { checkouts } from '../db/entities/checkout';
import { formSubmissions } from '../db/entities/form-submission';
import { mailDeliveries } from '../db/entities/mail-delivery';
import { ORDER_CONFIRMATION } from '../domain/orders/confirmation-mail';
import { getDelivery } from '../domain/mail/deliveries';
import { handler as createUpload } from '../http/admin/create-upload';
import { handler as createGuestIntent } from '../http/checkout/create-guest-payment-intent';
import { handler as recordGuestOrder } from '../http/checkout/record-guest-order';
import { handler as submitContact } from '../http/forms/submit-contact';
import { createS3StandIn, storedObjectMeta } from '../local/s3';
import { address, createCandle, mailsFor, orderNumberOf, pay } from '#tests/checkout';
import { callThroughGateway, lambdaContext, signInNewUser, useFreshTable, type EventInput } from '#tests/helpers';
import { startS3Gateway } from '#tests/s3-gateway';
import { captureLogLines, loadWithLogging, type LogLine } from '#tests/log-lines';
import { faultySes, withSesAt } from '#tests/ses-faults';

/**
 * The functions no route calls (the scheduled jobs, the Cognito triggers, the image pipeline) log as the route
 * handlers do (issue 33 item 6, docs/decisions/0100): every line carries the Lambda request id
 * (`function_request_id`) and a `correlation_id`; where a request caused the work, that request's API Gateway id,
 * carried on what it wrote (a mail delivery, a form submission, a checkout, an upload's metadata). Each is invoked
 * as Lambda invokes it, with a context, against DynamoDB Local, the SES and S3 stand-ins.
 */
type Modules = {
  settle: typeof import('../jobs/settle-checkouts');
  sendMails: typeof import('../jobs/send-mails');
  retryMails: typeof import('../jobs/retry-failed-mails');
  preSignUp: typeof import('../triggers/pre-sign-up');
  customMessage: typeof import('../triggers/custom-message');
  processImage: typeof import('../events/process-image');
};
const fn = loadWithLogging((): Modules => ({
  /* eslint-disable @typescript-eslint/no-require-imports -- jest.isolateModules loads fresh copies only through require */
  settle: require('../jobs/settle-checkouts'),
  sendMails: require('../jobs/send-mails'),
  retryMails: require('../jobs/retry-failed-mails'),
  preSignUp: require('../triggers/pre-sign-up'),
  customMessage: require('../triggers/custom-message'),
  processImage: require('../events/process-image'),
  /* eslint-enable @typescript-eslint/no-require-imports */
}));
const lines = captureLogLines();
// Each test goes through several functions (a checkout, its payment, a job run): well within this on a busy machine.
jest.setTimeout(60_000);

/** The context Lambda gives one invocation. */
const invocation = (awsRequestId: string) => ({
  ...lambdaContext,
  awsRequestId,
  functionName: 'test-function',
  getRemainingTimeInMillis: () => 10_000,
});
type RouteHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2 | void>;
/** A route's request, its API Gateway id known (the correlation id its lines and what it writes carry). */
async function request(handler: RouteHandler, input: EventInput) {
  const { event, result } = await callThroughGateway(handler, input);
  return {
    id: event.requestContext.requestId,
    status: result.statusCode,
    body: result.body ? JSON.parse(result.body) : undefined,
  };
}
const linesSaying = (message: string) => lines().filter((line) => line.message === message);
const ids = (line: LogLine | undefined) => ({
  function_request_id: line?.function_request_id,
  correlation_id: line?.correlation_id,
});

let refusing: Awaited<ReturnType<typeof faultySes>>;
beforeAll(async () => {
  refusing = await faultySes('refuse');
});
afterAll(async () => {
  await refusing.stop();
});

describe('scheduled jobs', () => {
  beforeEach(async () => {
    await useFreshTable();
    await createCandle(100);
  });

  /** A guest's checkout whose card is authorized; the browser never comes back. The id of its intent request. */
  async function abandonedAfterPaying() {
    const intent = await request(createGuestIntent, {
      method: 'POST',
      path: '/auth/create-payment-intent/guest',
      body: { shippingAddress: address, cart: [{ id: 'candle', size: 'CANDLE', quantity: 1 }] },
    });
    expect(intent.status).toBe(200);
    const paid = await pay(intent.body.clientSecret);
    expect(paid.body.paymentIntent.status).toBe('requires_capture');
    return {
      requestId: intent.id,
      intentId: intent.body.paymentIntentId as string,
      checkoutId: intent.body.checkoutId,
    };
  }

  test("settle-checkouts: a checkout it finishes logs under the checkout's request; the order's mail carries it too", async () => {
    const left = await abandonedAfterPaying();
    const checkout = (await checkouts.get({ checkoutId: left.checkoutId }))!;
    expect(checkout.correlationId).toBe(left.requestId);
    // Its time has come (the job looks at a checkout a few minutes after its last change).
    await checkouts.put({ ...checkout, sweepAt: new Date(Date.now() - 1000).toISOString() });

    const run = await fn.settle.handler(undefined, invocation('settle-run-1'));
    expect(run.checkouts).toMatchObject({ taken: 1 });
    const orderNumber = await orderNumberOf(left.intentId);
    expect(mailsFor(orderNumber)).toHaveLength(1);
    expect(linesSaying('order recorded')).toEqual([
      expect.objectContaining({ orderNumber, intentId: left.intentId, by: 'job', service: 'shop' }),
    ]);
    expect(ids(linesSaying('order recorded')[0])).toEqual({
      function_request_id: 'settle-run-1',
      correlation_id: left.requestId,
    });
    expect(ids(linesSaying('mail sent').find((line) => line.ref === orderNumber))).toEqual({
      function_request_id: 'settle-run-1',
      correlation_id: left.requestId,
    });
    expect((await getDelivery(ORDER_CONFIRMATION, orderNumber))?.correlationId).toBe(left.requestId);
    // The run's own lines (what nothing outside caused) carry the invocation's id as their correlation id.
    expect(ids(linesSaying('checkouts settled')[0])).toEqual({
      function_request_id: 'settle-run-1',
      correlation_id: 'settle-run-1',
    });
    // Nothing is left over for the next invocation.
    await fn.settle.handler(undefined, invocation('settle-run-2'));
    expect(
      lines()
        .filter((line) => line.function_request_id === 'settle-run-2')
        .map((line) => line.correlation_id),
    ).not.toContain(left.requestId);
  });

  test("send-mails: an order confirmation SES refused in the order's request is sent later under that request's id", async () => {
    const left = await abandonedAfterPaying();
    const recorded = await withSesAt(refusing.url, () =>
      request(recordGuestOrder, {
        method: 'POST',
        path: '/auth/adminOrders/guest',
        body: { paymentIntentId: left.intentId },
      }),
    );
    expect(recorded.status).toBe(201);
    const { orderNumber } = recorded.body.order;
    const waiting = (await getDelivery(ORDER_CONFIRMATION, orderNumber))!;
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, correlationId: recorded.id });
    // Its next try is due.
    const past = new Date(Date.now() - 1000).toISOString();
    await mailDeliveries.put({ ...waiting, dueAt: past });
    // Beside it, a mail no request wrote (the job's own back-in-stock mail: its ref names the address waiting).
    const waiter = 'waiting.shopper@example.com';
    await mailDeliveries.create({
      kind: BACK_IN_STOCK,
      ref: `candle|CANDLE|${waiter}|1`,
      mail: { to: waiter, subject: 'Candle is back', text: 'It is back.' },
      dueAt: past,
    });

    const run = await fn.sendMails.handler(undefined, invocation('send-mails-run-1'));
    expect(run.sent).toBe(2);
    expect(mailsFor(orderNumber)).toHaveLength(1);
    const sent = (kind: string) => linesSaying('mail sent').filter((line) => line.kind === kind);
    expect(sent(ORDER_CONFIRMATION)).toEqual([expect.objectContaining({ ref: orderNumber, attempt: 2 })]);
    expect(ids(sent(ORDER_CONFIRMATION)[0])).toEqual({
      function_request_id: 'send-mails-run-1',
      correlation_id: recorded.id,
    });
    // No request behind it: the run's own id; and the address stays out of the logs.
    expect(sent(BACK_IN_STOCK)).toEqual([expect.objectContaining({ ref: 'candle|CANDLE|(address)|1' })]);
    expect(ids(sent(BACK_IN_STOCK)[0])).toEqual({
      function_request_id: 'send-mails-run-1',
      correlation_id: 'send-mails-run-1',
    });
    expect(JSON.stringify(lines())).not.toContain(waiter);
    expect(ids(linesSaying('due mails')[0])).toEqual({
      function_request_id: 'send-mails-run-1',
      correlation_id: 'send-mails-run-1',
    });
  });

  test("retry-failed-mails: a form whose mail failed is mailed again under the form's request id", async () => {
    const sent = await withSesAt(refusing.url, () =>
      request(submitContact, {
        method: 'POST',
        path: '/api/forms/contact',
        body: { name: 'Ada', email: 'ada@example.com', message: 'Do you print on tumblers?' },
      }),
    );
    expect(sent.status).toBe(201);
    expect(await formSubmissions.get({ id: sent.body.id })).toMatchObject({
      mailStatus: 'failed',
      correlationId: sent.id,
    });

    expect(await fn.retryMails.handler(undefined, invocation('retry-run-1'))).toEqual({ resent: 1 });
    expect(await formSubmissions.get({ id: sent.body.id })).toMatchObject({ mailStatus: 'sent', mailAttempts: 2 });
    expect(linesSaying('form mail sent')).toEqual([expect.objectContaining({ id: sent.body.id, attempt: 2 })]);
    expect(ids(linesSaying('form mail sent')[0])).toEqual({
      function_request_id: 'retry-run-1',
      correlation_id: sent.id,
    });
    expect(ids(linesSaying('failed form mails resent')[0])).toEqual({
      function_request_id: 'retry-run-1',
      correlation_id: 'retry-run-1',
    });
  });
});

describe('Cognito triggers (no shop request leads to them: the invocation is its own cause)', () => {
  const base = {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_pool',
    userName: 'a1b2c3d4-0000-4000-8000-000000000000',
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'web' },
  };

  test('pre-sign-up', async () => {
    const event: PreSignUpTriggerEvent = {
      ...base,
      triggerSource: 'PreSignUp_SignUp',
      request: { userAttributes: { email: 'new@example.com' } },
      response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
    };
    const answer = await fn.preSignUp.handler(event, invocation('pre-sign-up-1'));
    expect(answer.response).toMatchObject({ autoConfirmUser: true, autoVerifyEmail: true });
    const line = linesSaying('sign-up confirmed')[0];
    expect(line).toMatchObject({ userName: base.userName, triggerSource: 'PreSignUp_SignUp' });
    expect(JSON.stringify(line)).not.toContain('new@example.com');
    expect(ids(line)).toEqual({ function_request_id: 'pre-sign-up-1', correlation_id: 'pre-sign-up-1' });
  });

  test('custom-message', async () => {
    const site = process.env.SITE_URL;
    process.env.SITE_URL = 'https://shop.example.com';
    try {
      const event: CustomMessageTriggerEvent = {
        ...base,
        triggerSource: 'CustomMessage_ForgotPassword',
        request: {
          userAttributes: { email: 'reset@example.com' },
          codeParameter: '{####}',
          linkParameter: '{##Click Here##}',
          usernameParameter: null,
        },
        response: { smsMessage: null, emailMessage: null, emailSubject: null },
      };
      const answer = await fn.customMessage.handler(event, invocation('custom-message-1'));
      expect(answer.response.emailMessage).toContain('https://shop.example.com/reset-password?');
      const line = linesSaying('reset mail written with a link to the reset page')[0];
      expect(JSON.stringify(line)).not.toContain('reset@example.com');
      expect(ids(line)).toEqual({ function_request_id: 'custom-message-1', correlation_id: 'custom-message-1' });
    } finally {
      if (site === undefined) delete process.env.SITE_URL;
      else process.env.SITE_URL = site;
    }
  });
});

describe('image pipeline', () => {
  const storage = mkdtempSync(path.join(os.tmpdir(), 'shop-logs-'));
  const bucket = 'test-images';
  let closeS3: () => Promise<void>;
  let s3: ReturnType<typeof createS3StandIn>;
  let token: string;

  beforeAll(async () => {
    await useFreshTable();
    token = (await signInNewUser({ admin: true })).token;
    // S3 invokes the pipeline's function for each upload (its notification's prefix: uploads/), with a context of
    // its own each time.
    let run = 0;
    s3 = createS3StandIn(storage, {
      onObjectCreated: async (event: S3Event) => {
        if (event.Records.every((record) => record.s3.object.key.startsWith(UPLOAD_PREFIX)))
          await fn.processImage.handler(event, invocation(`process-image-${++run}`));
      },
    });
    closeS3 = (await startS3Gateway(storage, bucket, s3)).close;
  });
  afterAll(async () => {
    await closeS3();
  });

  test("an upload's resize logs under the request that issued its URL; the upload must send that id", async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c05020' } })
      .jpeg()
      .toBuffer();
    const issued = await request(createUpload, {
      method: 'POST',
      path: '/api/admin/uploads',
      token,
      body: { contentType: 'image/jpeg', size: photo.length, fileName: 'mug.jpg' },
    });
    expect(issued.status).toBe(201);
    // The browser is told to send the id with the upload, as metadata the URL is signed for.
    expect(issued.body.headers).toEqual({ 'content-type': 'image/jpeg', [UPLOAD_CORRELATION_HEADER]: issued.id });
    const put = (headers: Record<string, string>) =>
      fetch(issued.body.uploadUrl, { method: 'PUT', headers, body: new Uint8Array(photo) });
    // Without it, or with another id, S3 refuses the upload (and nothing runs).
    expect((await put({ 'content-type': 'image/jpeg' })).status).toBe(403);
    expect((await put({ ...issued.body.headers, [UPLOAD_CORRELATION_HEADER]: 'someone-else' })).status).toBe(403);
    expect(storedObjectMeta(storage, bucket, issued.body.key)).toBeNull();

    expect((await put(issued.body.headers)).status).toBe(200);
    await s3.idle();
    const made = linesSaying('photo made');
    expect(made).toEqual([expect.objectContaining({ key: issued.body.key, photoId: issued.body.id, width: 400 })]);
    expect(ids(made[0])).toEqual({ function_request_id: 'process-image-1', correlation_id: issued.id });
  });

  test('a refused upload logs under its request too', async () => {
    const notAPhoto = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const issued = await request(createUpload, {
      method: 'POST',
      path: '/api/admin/uploads',
      token,
      body: { contentType: 'image/png', size: notAPhoto.length, fileName: 'logo.png' },
    });
    const put = await fetch(issued.body.uploadUrl, {
      method: 'PUT',
      headers: issued.body.headers,
      body: new Uint8Array(notAPhoto),
    });
    expect(put.status).toBe(200);
    await s3.idle();
    const refused = linesSaying('upload refused by the image pipeline');
    expect(refused).toEqual([expect.objectContaining({ key: issued.body.key })]);
    expect(ids(refused[0])).toEqual({
      function_request_id: expect.stringMatching(/^process-image-/),
      correlation_id: issued.id,
    });
  });
});
