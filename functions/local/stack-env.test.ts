import { dropInheritedStackEnv, LOCAL_STACK_ENV, recordStackEnv } from './stack-env';

it("a process that inherits a local stack's settings drops them all, and keeps everything else", () => {
  const env: NodeJS.ProcessEnv = { PATH: '/bin', HOME: '/root' };
  Object.assign(env, { ORIGIN_SECRET: 'browser-tests', TABLE_NAME: 'shop-v2' });
  recordStackEnv(['ORIGIN_SECRET', 'TABLE_NAME'], env);
  recordStackEnv(['SHOP_STARTING'], env);
  expect(env[LOCAL_STACK_ENV]).toBe('ORIGIN_SECRET,TABLE_NAME,SHOP_STARTING');
  dropInheritedStackEnv(env);
  expect(env).toEqual({ PATH: '/bin', HOME: '/root' });
});
