import { z } from 'zod';

/**
 * Issues without a message of their own get an i18n key, so the server and the browser
 * translate them the same way (a missing field reads 'Wajib diisi' / 'Required').
 */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'validation.required';
    if (issue.code === 'too_big') return 'validation.tooLong';
    return 'validation.invalid';
  },
});

export { z };
