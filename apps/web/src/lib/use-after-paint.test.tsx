// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterPaint } from './use-after-paint';

function Page() {
  const rest = useAfterPaint();
  return (
    <>
      <h1>Title</h1>
      {rest && <p>below</p>}
    </>
  );
}

describe('useAfterPaint', () => {
  it('leaves the rest out of the first render and adds it after the next frame', async () => {
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Title' })).toBeTruthy();
    expect(screen.queryByText('below')).toBeNull();
    expect(await screen.findByText('below')).toBeTruthy();
  });
});
