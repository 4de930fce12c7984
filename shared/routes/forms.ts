import { contactFormSchema, quoteFormSchema } from '../schemas/forms';
import type { RouteDef } from './types';

export const FORMS_ROUTES = [
  {
    method: 'POST',
    path: '/api/forms/contact',
    handler: 'forms/submit-contact',
    access: 'public',
    table: 'readwrite',
    uses: ['ses'],
    body: contactFormSchema,
    summary: "Contact form: stored, then mailed to the shop ('Contact Form Submission')",
  },
  {
    method: 'POST',
    path: '/api/forms/support',
    handler: 'forms/submit-support',
    access: 'public',
    table: 'readwrite',
    uses: ['ses'],
    body: contactFormSchema,
    summary: "Support form: stored, then mailed ('Support Form Submission')",
  },
  {
    method: 'POST',
    path: '/api/forms/quote',
    handler: 'forms/submit-quote',
    access: 'public',
    table: 'readwrite',
    uses: ['ses'],
    body: quoteFormSchema,
    summary: "Custom-printing quote: stored, then mailed ('Incoming Quote')",
  },
  {
    method: 'GET',
    path: '/api/admin/forms',
    handler: 'forms/list-submissions',
    access: 'admin',
    table: 'read',
    summary: 'The enquiries inbox, newest first, with mail delivery status',
  },
  {
    method: 'POST',
    path: '/api/admin/forms/{id}/resend',
    handler: 'forms/resend-submission',
    access: 'admin',
    table: 'readwrite',
    uses: ['ses'],
    summary: 'Sends a submission whose mail failed again',
  },
] as const satisfies readonly RouteDef[];
