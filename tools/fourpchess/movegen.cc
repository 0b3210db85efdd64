// A legal-move driver for 4pchess's own move generator (board.cc, utils.cc of
// github.com/obryanlouis/4pchess), compiled by tools/build_4pchess.sh against
// its source; it is not part of hyperchess. One command a line on stdin, one
// answer a line on stdout:
//   startpos             the standard set-up (Board::CreateStandardSetup)
//   fen FEN4             a chess.com FEN4 position (ParseBoardFromFEN)
//   move MOVE            play MOVE (ParseMove, as the engine's `position ... moves`)
//   moves                "moves M1 M2 ...": the legal moves, as the engine counts
//                        them (AlphaBetaPlayer::GetNumLegalMoves: pseudo-legal
//                        moves after which the mover's king is not attacked)
//   result               "result in_progress|win_ry|win_bg|stalemate" (GetGameResult)
//   turn                 "turn R|B|Y|G"
//   board                "board T1 ... T196": the 14x14 cells row by row from
//                        rank 14 down, files a..n: "rP" (colour, piece), "." or
//                        "x" (a cut corner)
//   quit
// An unreadable command or move answers "error REASON".
#include <iostream>
#include <memory>
#include <string>

#include "board.h"
#include "utils.h"

namespace {

const char* ResultName(chess::GameResult result) {
  switch (result) {
    case chess::WIN_RY: return "win_ry";
    case chess::WIN_BG: return "win_bg";
    case chess::STALEMATE: return "stalemate";
    default: return "in_progress";
  }
}

}  // namespace

int main() {
  std::ios::sync_with_stdio(false);
  std::shared_ptr<chess::Board> board = chess::Board::CreateStandardSetup();
  std::string line;
  chess::Move buffer[300];
  while (std::getline(std::cin, line)) {
    std::string command = line.substr(0, line.find(' '));
    std::string rest = line.size() > command.size() ? line.substr(command.size() + 1) : "";
    if (command == "quit") {
      break;
    } else if (command == "startpos") {
      board = chess::Board::CreateStandardSetup();
      std::cout << "ok" << std::endl;
    } else if (command == "fen") {
      auto parsed = chess::ParseBoardFromFEN(rest);
      if (parsed == nullptr) {
        std::cout << "error unreadable FEN4" << std::endl;
      } else {
        board = parsed;
        std::cout << "ok" << std::endl;
      }
    } else if (command == "move") {
      auto move = chess::ParseMove(*board, rest);
      if (!move.has_value()) {
        std::cout << "error not a pseudo-legal move: " << rest << std::endl;
      } else {
        board->MakeMove(*move);
        std::cout << "ok" << std::endl;
      }
    } else if (command == "moves") {
      chess::Player player = board->GetTurn();
      size_t n = board->GetPseudoLegalMoves2(buffer, 300);
      std::cout << "moves";
      for (size_t i = 0; i < n; i++) {
        board->MakeMove(buffer[i]);
        bool legal = !board->IsKingInCheck(player);
        board->UndoMove();
        if (legal) {
          std::cout << " " << buffer[i].PrettyStr();
        }
      }
      std::cout << std::endl;
    } else if (command == "result") {
      std::cout << "result " << ResultName(board->GetGameResult()) << std::endl;
    } else if (command == "board") {
      static const char kColors[] = "rbyg";
      static const char kPieces[] = "PNBRQK";
      std::cout << "board";
      for (int row = 0; row < 14; row++) {
        for (int col = 0; col < 14; col++) {
          if (!board->IsLegalLocation(row, col)) {
            std::cout << " x";
            continue;
          }
          const chess::Piece& piece = board->GetPiece(row, col);
          if (piece.Missing()) {
            std::cout << " .";
          } else {
            std::cout << " " << kColors[piece.GetColor()] << kPieces[piece.GetPieceType()];
          }
        }
      }
      std::cout << std::endl;
    } else if (command == "turn") {
      static const char kNames[] = "RBYG";
      std::cout << "turn " << kNames[board->GetTurn().GetColor()] << std::endl;
    } else {
      std::cout << "error unknown command: " << command << std::endl;
    }
  }
  return 0;
}
