import { Flex, Image, Typography } from 'antd';
import { lookup, t } from '../i18n';

export interface FileLink {
  role: string;
  url: string;
  mime: string;
}

function roleLabel(role: string): string {
  return lookup('customer.fileRole', role) ?? role;
}

/** "PDF" for application/pdf, otherwise the subtype in capitals. */
function fileKind(mime: string): string {
  return (mime.split('/')[1] ?? mime).split(/[+;]/)[0]?.toUpperCase() ?? mime;
}

/**
 * Uploaded documents: images inline (click to enlarge, arrows between them), anything else
 * (PDFs) as a link that opens in a new tab. The links are signed and expire.
 */
export function FileGallery({
  files,
  width = 220,
  height = 150,
}: {
  files: FileLink[];
  width?: number;
  height?: number;
}) {
  const images = files.filter((file) => file.mime.startsWith('image/'));
  const others = files.filter((file) => !file.mime.startsWith('image/'));
  if (files.length === 0) return <Typography.Text type="secondary">{t('customer.noDocuments')}</Typography.Text>;
  return (
    <Flex gap={16} wrap align="flex-start">
      <Image.PreviewGroup>
        {images.map((file) => (
          <figure key={file.url} style={{ margin: 0 }}>
            <Image
              src={file.url}
              alt={roleLabel(file.role)}
              width={width}
              height={height}
              style={{ objectFit: 'contain', background: '#fafafa', border: '1px solid #f0f0f0', borderRadius: 6 }}
            />
            <figcaption style={{ textAlign: 'center', marginTop: 4 }}>
              <Typography.Text type="secondary">{roleLabel(file.role)}</Typography.Text>
            </figcaption>
          </figure>
        ))}
      </Image.PreviewGroup>
      {others.map((file) => (
        // PDFs and other documents: a tile the size of an image that opens the file in a new tab.
        <figure key={file.url} style={{ margin: 0 }}>
          <a
            href={file.url}
            target="_blank"
            rel="noreferrer"
            style={{
              width,
              height,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 8,
              background: '#fafafa',
              border: '1px dashed #d9d9d9',
              borderRadius: 6,
            }}
          >
            <Typography.Text strong style={{ fontSize: 20 }}>
              {fileKind(file.mime)}
            </Typography.Text>
            <span>{t('customer.openInNewTab')}</span>
          </a>
          <figcaption style={{ textAlign: 'center', marginTop: 4 }}>
            <Typography.Text type="secondary">{roleLabel(file.role)}</Typography.Text>
          </figcaption>
        </figure>
      ))}
    </Flex>
  );
}
