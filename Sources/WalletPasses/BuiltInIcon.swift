import Foundation

/// The icon a pass carries when `wallet.icon` is empty (Wallet refuses a pass without one): a
/// card on the default background colour, at 29 and 58 pixels (icon.png, icon@2x.png).
enum BuiltInIcon {
    static let icon = Array(Data(base64Encoded: """
        iVBORw0KGgoAAAANSUhEUgAAAB0AAAAdCAYAAABWk2cPAAAAOklEQVR42mNQcwv+T2/MMGrpqKWjlg5dS6kBRi3FaenLI1kU46Fh6WhCGrV06Fo6WsuMWjpq6ci2FAB2xT5W/OkW/QAAAABJRU5ErkJggg==
        """)!)
    static let icon2x = Array(Data(base64Encoded: """
        iVBORw0KGgoAAAANSUhEUgAAADoAAAA6CAYAAADhu0ooAAAAZ0lEQVR42u3YUQkAIBBEQdMYxQK2MKdlTKEBLHCwc/ACzNfCtT7mTaiBgoKCgoKCgoKCgoKCgoIWglY5UFBQ0Azo2atEoKCg4VDzAgoKCgoKCgoaB/XXBQUFBQUFBQUFBQUFBQUF/XpSjdrJMSW53QAAAABJRU5ErkJggg==
        """)!)
}
