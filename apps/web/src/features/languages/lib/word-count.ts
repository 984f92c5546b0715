/** "1,132 words", "1 word": a count of words as every language screen shows it. */
export const wordCount = (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'word' : 'words'}`;
