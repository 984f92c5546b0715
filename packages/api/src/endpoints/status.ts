import { endpoint } from '../endpoint.js';
import { ErrorBody, StatusBody } from '../common.js';

export const statusEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/api/status',
    summary: 'Health check for load balancers: 200 while the database answers and stores, 503 otherwise',
    tag: 'status',
    responses: { 200: StatusBody, 503: StatusBody.or(ErrorBody) },
  }),
};
