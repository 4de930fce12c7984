import { copyObject, getObject, putObject } from './storage';

/**
 * CopyObject signed by hand (issue 39, decision 0131), against the S3 stand-in, which checks Signature Version 4 as S3
 * does: the copy has the bytes and type of its source, under any key spelling; a missing source is S3's 404.
 */
it('copies an object inside the bucket; a missing source is refused with S3’s status', async () => {
  await putObject('quote-uploads/a b+ü (1).png', Buffer.from('bytes of the file'), 'image/png');
  await copyObject('quote-uploads/a b+ü (1).png', 'quotes/q-1/a b+ü (1).png');
  expect((await getObject('quotes/q-1/a b+ü (1).png')).toString()).toBe('bytes of the file');
  await expect(copyObject('quote-uploads/nothing.png', 'quotes/q-1/nothing.png')).rejects.toEqual(
    expect.objectContaining({ $metadata: { httpStatusCode: 404 } }),
  );
  await expect(getObject('quotes/q-1/nothing.png')).rejects.toEqual(expect.objectContaining({ name: 'NoSuchKey' }));
});
