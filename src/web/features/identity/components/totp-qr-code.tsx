import QRCode from 'qrcode';

/**
 * The otpauth:// URI as a QR code, drawn as SVG squares by React (no markup from a string, no
 * data: image: the CSP stays as it is). Dark squares on white in both themes, which scanners need.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const { modules } = QRCode.create(uri, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const quiet = 4;
  const squares: string[] = [];
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) if (modules.get(x, y)) squares.push(`M${x + quiet} ${y + quiet}h1v1h-1z`);
  const full = size + 2 * quiet;
  return (
    <svg
      viewBox={`0 0 ${full} ${full}`}
      className="size-48 rounded-md"
      role="img"
      aria-label="QR code for your authenticator app"
      shapeRendering="crispEdges"
    >
      <rect width={full} height={full} fill="#fff" />
      <path d={squares.join('')} fill="#000" />
    </svg>
  );
}
