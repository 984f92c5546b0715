/**
 * Buttons that type the letters a keyboard may lack. They never take focus from the answer field on a click
 * (mousedown is cancelled), and stay reachable with Tab for keyboard users; the field is refocused after.
 */
export function AccentButtons({
  accents,
  onInsert,
  disabled,
}: {
  accents: readonly string[];
  onInsert: (text: string) => void;
  disabled?: boolean;
}) {
  if (accents.length === 0) return null;
  return (
    <div className="accent-buttons" role="group" aria-label="Accented letters">
      {accents.map((accent) => (
        <button
          key={accent}
          type="button"
          className="accent-button"
          aria-label={`Insert ${accent}`}
          disabled={disabled}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onInsert(accent)}
        >
          {accent}
        </button>
      ))}
    </div>
  );
}
