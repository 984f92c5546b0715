import { OkBody } from '../common.js';
import { endpoint } from '../endpoint.js';
import { ContactBody } from '../learning.js';

export const contactEndpoints = {
  sendMessage: endpoint({
    method: 'POST',
    path: '/api/contact',
    summary: 'Sends a message to the operators (stored first, then mailed)',
    tag: 'contact',
    body: ContactBody,
    responses: { 201: OkBody },
  }),
};
