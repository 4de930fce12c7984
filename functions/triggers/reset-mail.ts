/** The password-reset mail: a link to the SPA's reset page carrying the address and the code. */
export function passwordResetMail(siteUrl: string, email: string, code: string) {
  const link = `${siteUrl.replace(/\/$/, '')}/reset-password?email=${encodeURIComponent(email)}&code=${encodeURIComponent(code)}`;
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
