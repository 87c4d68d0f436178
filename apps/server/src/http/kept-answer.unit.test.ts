import { describe, expect, it } from 'vitest';
import { minimalAnswer, smallAnswer } from './kept-answer';

describe('kept answers (DESIGN §6, §7)', () => {
  it('keeps the ids of what a 2xx made and of the resources it lists, never content or links, and names them', () => {
    const body = JSON.stringify({
      '@context': '/api/contexts/Observation',
      '@id': '/api/auth/v1/observation/6f1c2a7e-1111-4222-8333-944455556666?x=1',
      '@type': 'Observation',
      id: '6f1c2a7e-1111-4222-8333-944455556666',
      teachingClass: '/api/auth/v1/teaching-class/3',
      ratings: [{ '@id': '/api/auth/v1/rating/7', '@type': 'Rating', id: 7, description: 'Amara counted', points: 4 }],
      url: 'https://signed.example/p.png?sig=abc',
    });
    const kept = smallAnswer(201, body);
    expect(JSON.parse(kept.body!)).toEqual({
      '@id': '/api/auth/v1/observation/6f1c2a7e-1111-4222-8333-944455556666',
      '@type': 'Observation',
      id: '6f1c2a7e-1111-4222-8333-944455556666',
      ratings: [{ '@id': '/api/auth/v1/rating/7', '@type': 'Rating', id: 7 }],
    });
    expect(kept.names).toEqual(['/api/auth/v1/observation/6f1c2a7e-1111-4222-8333-944455556666', '/api/auth/v1/rating/7']);
    expect(minimalAnswer(kept.body)).toBe(
      JSON.stringify({
        '@id': '/api/auth/v1/observation/6f1c2a7e-1111-4222-8333-944455556666',
        id: '6f1c2a7e-1111-4222-8333-944455556666',
      }),
    );
  });

  it('keeps a refusal whole, and nothing of a 2xx that is not an object', () => {
    const refusal = JSON.stringify({ '@type': 'ConstraintViolationList', violations: [{ propertyPath: 'date', message: 'x' }] });
    expect(smallAnswer(400, refusal)).toEqual({ body: refusal, names: [] });
    expect(smallAnswer(200, '[1,2]')).toEqual({ body: null, names: [] });
    expect(smallAnswer(204, null)).toEqual({ body: null, names: [] });
  });
});
