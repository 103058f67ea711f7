import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

/** Reads "12,345" or "12345"; anything else is not a line. */
export function parseLineInput(value: string): number | null {
  const digits = value.trim().replace(/[,_\s]/g, '');
  if (!/^\d{1,12}$/.test(digits)) return null;
  return Number(digits);
}

/** "Go to line": a number (clamped by the viewer to the paste's lines) and Go. */
export function JumpForm({ totalLines, onJump }: { totalLines: number; onJump: (line: number) => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const line = parseLineInput(value);
    setInvalid(line === null);
    if (line !== null) onJump(Math.min(totalLines, Math.max(1, line)));
  }

  return (
    <form onSubmit={submit} className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap">
        Go to line
      </label>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        placeholder={`1–${totalLines.toLocaleString('en')}`}
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(event) => setValue(event.target.value)}
        className="h-8 w-32"
      />
      <Button type="submit" size="sm" variant="outline">
        Go
      </Button>
    </form>
  );
}
