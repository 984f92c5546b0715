import { endpoint } from '../endpoint.js';
import { PlacementAnswers, PlacementRecord, PlacementResult, PlacementStep } from '../placement.js';
import { LanguagePath } from './language-path.js';

/** The placement test of each language: stateless, every call brings the answers so far. */
export const placementEndpoints = {
  latestPlacement: endpoint({
    method: 'GET',
    path: '/api/{language}/placement',
    summary: "The caller's latest placement test result in a language, or null",
    tag: 'placement',
    params: LanguagePath,
    responses: { 200: PlacementRecord },
  }),
  nextPlacementWords: endpoint({
    method: 'POST',
    path: '/api/{language}/placement/next',
    summary: 'Judges the answers so far and gives the next words to ask, or says the test is over; writes nothing',
    tag: 'placement',
    params: LanguagePath,
    body: PlacementAnswers,
    responses: { 200: PlacementStep },
  }),
  finishPlacement: endpoint({
    method: 'POST',
    path: '/api/{language}/placement',
    summary:
      'Judges a finished test, marks the words below the level known and keeps the result; a visitor becomes a guest',
    tag: 'placement',
    params: LanguagePath,
    body: PlacementAnswers,
    responses: { 200: PlacementResult },
  }),
};
