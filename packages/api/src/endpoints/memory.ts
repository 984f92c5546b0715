import { endpoint } from '../endpoint.js';
import { MemoryModel } from '../memory.js';
import { LanguagePath } from './language-path.js';

export const memoryEndpoints = {
  memoryModel: endpoint({
    method: 'GET',
    path: '/api/{language}/memory-model',
    summary:
      "The learner's memory model in a language: their fitted FSRS parameters, " +
      'how well they predict, what a retention costs',
    tag: 'stats',
    params: LanguagePath,
    responses: { 200: MemoryModel },
  }),
};
