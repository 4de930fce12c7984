/** Cognito's code placeholder in custom messages (`{####}`): Cognito puts the code there when it sends the mail. */
export const COGNITO_CODE_PLACEHOLDER = '{####}';

/**
 * The password-reset mail: a link to the SPA's reset page carrying the address and the code. `code` is either
 * the code itself (the local stand-in) or Cognito's placeholder, which must stay literal (not URL-encoded) in
 * the link so Cognito finds and replaces it; codes are digits, which need no encoding.
 */
export function passwordResetMail(siteUrl: string, email: string, code: string) {
  const codeInLink = code === COGNITO_CODE_PLACEHOLDER ? code : encodeURIComponent(code);
  const link = `${siteUrl.replace(/\/$/, '')}/reset-password?email=${encodeURIComponent(email)}&code=${codeInLink}`;
  return {
    to: email,
    subject: 'Reset your Seasonal Shop password',
    text: [
      'Hello,',
      '',
      'Someone asked to reset the password of your Seasonal Shop account.',
      `Choose a new password here (the link works for one hour): ${link}`,
      '',
      `Or enter this code on the reset page: ${code}`,
      '',
      'If this was not you, you can ignore this mail.',
    ].join('\n'),
    link,
  };
}
