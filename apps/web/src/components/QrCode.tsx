/** A QR code on its white quiet zone: a deposit address, an authenticator's key, an invitation link. */
import { QRCodeSVG } from 'qrcode.react';
import './QrCode.css';

interface QrCodeProps {
  value: string;
  size: number;
  /** What the code holds, for a screen reader (the SVG's title). */
  title: string;
  /** Where it sits on the screen (margins). */
  className?: string;
  'data-testid'?: string;
}

export function QrCode({ value, size, title, className, 'data-testid': testId }: QrCodeProps) {
  return (
    <div className={className ? `qr-code ${className}` : 'qr-code'} data-testid={testId}>
      <QRCodeSVG value={value} size={size} marginSize={2} title={title} />
    </div>
  );
}
