/**
 * Remembers a pure function's answers for its last `capacity` distinct arguments: for work
 * repeated on every request with the same argument (a session's derived token). Past capacity the
 * longest-remembered answer is forgotten, so memory stays bounded whatever callers send.
 */
export function boundedMemo<T>(compute: (key: string) => T, capacity: number): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    const known = answers.get(key);
    if (known !== undefined) return known;
    const answer = compute(key);
    if (answers.size >= capacity) answers.delete(answers.keys().next().value!);
    answers.set(key, answer);
    return answer;
  };
}
