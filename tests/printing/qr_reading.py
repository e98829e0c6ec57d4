"""Reading printed QR codes back, as a phone would: each page of a PDF rendered with pypdfium2 and every code on it
decoded with zxing-cpp."""

import pypdfium2
import zxingcpp

DPI = 200  # a phone photographing a sheet sees less than this; the codes must read here


def page_images(pdf_bytes, dpi=DPI):
    document = pypdfium2.PdfDocument(pdf_bytes)
    try:
        return [page.render(scale=dpi / 72).to_pil() for page in document]
    finally:
        document.close()


def decoded_links(pdf_bytes, dpi=DPI):
    """Every QR code's text on every page, page by page: [[text, ...], ...]."""
    pages = []
    for image in page_images(pdf_bytes, dpi):
        codes = zxingcpp.read_barcodes(image.convert("L"), formats=zxingcpp.BarcodeFormat.QRCode)
        pages.append([code.text for code in codes])
    return pages
